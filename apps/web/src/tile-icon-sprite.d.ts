/** The URL of the tile icons' SVG sprite (scripts/tile-sprite.ts): a hashed asset in a build. */
declare module 'virtual:tile-icon-sprite' {
  const url: string;
  export default url;
}
