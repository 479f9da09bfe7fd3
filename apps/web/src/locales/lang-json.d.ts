// A locale file imported with a query (`./de.json?startup&lang.json`) is a second module of the same
// file, holding only the areas its importer destructures (locales/index.ts).
declare module '*?startup&lang.json' {
  import type { StartupStrings } from '@/locales';

  const strings: StartupStrings;
  export = strings;
}
