// Migrations are listed explicitly (not globbed from disk) so that the same
// list works under tsx, jest and the compiled build. Append new ones here
// (`npm run migration:create -- --name <what>` writes the file).
import { Migration20261122141759_initial } from './Migration20261122141759_initial.js';
import { Migration20261122143127_people } from './Migration20261122143127_people.js';

export const migrationsList = [
  { name: 'Migration20261122141759_initial', class: Migration20261122141759_initial },
  { name: 'Migration20261122143127_people', class: Migration20261122143127_people },
];
