import type { Plugin } from 'vite';

/**
 * The app's theme uses no CSS theme variables (`src/app/theme.ts`; `theme.test.ts` holds it to that), yet
 * MUI's `createTheme` and `ThemeProvider` import their CSS-variables variants whatever the theme, and a
 * bundler cannot drop a branch decided at run time: about 7 KB (gzip) in every page's first load. This
 * build replaces those two imports with a function that says so if it is ever called. When MUI changes
 * the files, the build fails here instead of growing unnoticed.
 */
const CSS_VARIABLES_IMPORTS: Record<string, string> = {
  '@mui/material/styles/createTheme.mjs': 'import createThemeWithVars from "./createThemeWithVars.mjs";',
  '@mui/material/styles/ThemeProvider.mjs': 'import { CssVarsProvider } from "./ThemeProviderWithVars.mjs";',
};

const importedName = (statement: string) => /import \{? ?(\w+)/.exec(statement)?.[1] ?? '';

export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'automate-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = Object.keys(CSS_VARIABLES_IMPORTS).find((suffix) => id.replaceAll('\\', '/').endsWith(suffix));
      if (!file) return null;
      const statement = CSS_VARIABLES_IMPORTS[file] ?? '';
      if (!code.includes(statement)) {
        this.error(`${file} no longer has \`${statement}\`: update build/mui-without-css-variables.ts.`);
      }
      // The imported name stays defined, as a function that says why it is absent should MUI ever call it.
      const refusal = `const ${importedName(statement)} = () => { throw new Error('The theme uses no CSS variables (build/mui-without-css-variables.ts).'); };`;
      return { code: code.replace(statement, refusal), map: null };
    },
  };
}
