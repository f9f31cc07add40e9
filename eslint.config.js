// `npm run lint`: a few rules that catch real mistakes, not style (formatting is Prettier's, .prettierrc.json).
// typescript-eslint's recommended set is not on: its no-explicit-any alone reported 593 places; the rules below
// are errors, the function length a warning.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const rules = {
  // A chain of `a ? b : c ? d : …` reads as a puzzle; an if/else or a lookup table says the same plainly.
  'no-nested-ternary': 'error',
  // Long functions are where a reader gets lost; a warning, not a gate.
  'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
};

export default defineConfig(
  { ignores: ['dist/', '.runtime/', 'node_modules/', 'clients/', 'bench/results/', 'data/', '.tmp/', 'web/dist/'] },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      // Type information (the floating-promise rule needs it) from the tsconfig.json that includes each file.
      // scripts/openapi-size.ts and permissions-table.ts are in no tsconfig (nothing imports them): the default project's.
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/openapi-size.ts', 'scripts/permissions-table.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      ...rules,
      // A promise nobody awaits loses its error (an unhandled rejection) and its order. node:test's test() and
      // describe() return promises the runner itself tracks.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], rules },
);
