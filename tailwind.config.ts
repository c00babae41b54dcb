import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: { extend: {} },
  plugins: [],
  // The defaults that transforms, rings, shadows and filters compose from go on the elements
  // that use one, rather than on every element (`*`): fewer custom properties for the browser
  // to copy into each element's style.
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config;
