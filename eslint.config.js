import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the SPA may not import: the server, the tests, Node, zod at run time. */
const SPA_PATTERNS = [
  { regex: '(^|/)(server|tests)(/|$)', message: 'The SPA shares only contract/ with the server.' },
  { regex: '^node:', message: 'The SPA runs in the browser.' },
  {
    regex: '(^|/)contract/api(/|$)',
    allowTypeImports: true,
    message: "Import only types from the contract's Zod schemas (import type).",
  },
];
const LAYER_PATTERN = {
  regex: '(^|/)features(/|$)',
  message: 'Shared code (api, session, ui, lib) uses no feature; src/app loads them.',
};
const FEATURE_PATTERN = {
  regex: '^\\.\\./[^.]',
  message:
    'A feature imports no other feature: move what both need to src/api, src/session or src/ui.',
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'bench/results', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests, the benchmark and their support read loosely typed JSON answers.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'support/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Browser globals for the SPA only, Node's for the server and the tools; the unit tests
  // render screens in jsdom under Node, and the browser tests drive pages from Node.
  { files: ['src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: [
      'server/**/*.ts',
      'scripts/**',
      'bench/**/*.ts',
      'support/**/*.ts',
      '*.{js,ts}',
      'tests/server/**/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/unit/**/*.{ts,tsx}', 'tests/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // The layers: contract/ stands alone; the SPA and the server share only it. Its Zod
  // schemas (contract/api/) reach the SPA as types only, so that zod stays out of the bundle.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|server|tests)(/|$)',
              message: 'contract/ imports nothing of the app.',
            },
            { regex: '^(node:|react)', message: 'contract/ is for both sides.' },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|server|tests)(/|$)|^(node:|react|zod)',
              message: 'The enums and rules are plain TypeScript, which the SPA bundles.',
            },
          ],
        },
      ],
    },
  },
  // A feature is a screen's own folder: it uses the shared layers (src/api, src/session,
  // src/ui, src/lib), never another feature, and the shared layers use no feature; src/app
  // composes them all.
  ...[
    { files: ['src/app/**', 'src/main.tsx'], layer: undefined },
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/features/**', 'src/app/**', 'src/main.tsx'],
      layer: LAYER_PATTERN,
    },
    { files: ['src/features/**/*.{ts,tsx}'], layer: FEATURE_PATTERN },
  ].map(({ layer, ...files }) => ({
    ...files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layer ? [...SPA_PATTERNS, layer] : SPA_PATTERNS },
      ],
    },
  })),
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|tests)(/|$)',
              message: 'The server shares only contract/ with the SPA.',
            },
          ],
          paths: [
            {
              name: 'drizzle-orm',
              importNames: ['ilike', 'notIlike', 'like', 'notLike'],
              message: 'Search with containsAnyCase (server/db/search.ts) on a lowercase copy.',
            },
          ],
        },
      ],
    },
  },
  // The benchmark and the scripts share helpers with the tests through support/, not tests/.
  {
    files: ['bench/**/*.ts', 'scripts/**/*.ts', 'support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)tests(/|$)', message: 'Shared helpers live in support/, not tests/.' },
          ],
        },
      ],
    },
  },
  // Money never passes through a float on the server: sums of paise are BigInt or SQL,
  // and rupees are made from paise by the contract's rules. These catch the usual slips.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/\\bilike\\b/i]',
          message: 'Search with containsAnyCase (server/db/search.ts) on a lowercase copy.',
        },
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Amounts are read as integer paise (importValues, contract/rules), not floats.',
        },
        {
          selector:
            "AssignmentExpression[operator=/^[-+]=$/][left.name=/paise|credits|debits|balance/i]:not([right.callee.name='BigInt'])",
          message: 'Add up money as BigInt (or in SQL): a number rounds past 2^53 paise.',
        },
        {
          selector:
            "BinaryExpression[operator=/^[-+]$/] > CallExpression[callee.name='Number']:matches([arguments.0.name=/paise|owe|spent|balance|credits|debits|repaid|running|net|before/i], [arguments.0.property.name=/paise|owe|spent|balance|credits|debits|repaid|running|net|before/i], [arguments.0.left.property.name=/paise|owe|spent|balance|credits|debits|repaid|running|net|before/i])",
          message: 'Add or subtract sums of paise as BigInt (or in SQL).',
        },
        {
          selector: 'BinaryExpression[operator=/^[*/]$/][right.value=100]',
          message: 'Rupees from paise through paiseToRupees or paiseToRupeesText, not * or / 100.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
