/** Shared names between the global setup (parent process) and the test files (workers). */
export const TEST_DB_ADMIN_URL = process.env.TEST_DB_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const TEST_DB_NAME = process.env.TEST_DB_NAME ?? 'voice_platform_test';
export function testDatabaseUrl(): string {
  const url = new URL(TEST_DB_ADMIN_URL);
  url.pathname = `/${TEST_DB_NAME}`;
  return url.toString();
}
