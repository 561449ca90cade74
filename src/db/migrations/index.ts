// Migrations are listed explicitly (not globbed from disk) so that the same
// list works under tsx, jest and the compiled build. Append new ones here.
import { Migration20261122141759_initial } from './Migration20261122141759_initial.js';

export const migrationsList = [{ name: 'Migration20261122141759_initial', class: Migration20261122141759_initial }];
