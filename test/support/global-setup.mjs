// Jest loads global setup outside its module transform; tsx loads the
// TypeScript implementation (which imports the project's own modules).
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { default: setup } = await tsImport('./global-setup-impl.ts', import.meta.url);
  await setup();
}
