import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      'coverage/',
      'test-artifacts/',
      'src/db/migrations/Migration*.ts',
      'dashboard-app/dist/',
      'dashboard-app/src/api/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // A function a reader can hold in mind: past 120 lines, split it into named steps.
    files: ['src/**/*.ts', 'workflows/**/*.ts', 'activities/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Workflows are replayed: they must be deterministic and import nothing with side effects.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process'],
              message: 'Node built-ins are not deterministic: use an activity.',
            },
            { group: ['@mikro-orm/*', 'koa', '@koa/*', 'pg', 'undici', 'pino'], message: 'Workflows do no I/O: use an activity.' },
            { group: ['../src/*', '../../src/*', '../../../src/*'], allowTypeImports: true, message: 'Only types may be imported from src/ into workflows.' },
            { group: ['../activities/*', '../../activities/*'], allowTypeImports: true, message: 'Import activities with `import type` and proxyActivities.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
