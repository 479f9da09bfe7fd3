// The reference for Aula's home page: React 19 fetches the tiles as JSON and renders them as links, and
// nothing else (no router, no i18n, no session). Plain createElement, so the bench needs no JSX set-up.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Tile {
  id: number;
  title: string;
  url: string;
  color: string;
}

function Tiles() {
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  useEffect(() => {
    void fetch('/api/tiles')
      .then((res) => res.json() as Promise<{ tiles: Tile[] }>)
      .then((body) => setTiles(body.tiles));
  }, []);
  if (!tiles) return h('p', null, 'Lädt …');
  return h(
    'ul',
    { 'aria-label': 'Apps', style: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '1rem' } },
    tiles.map((tile) =>
      h(
        'li',
        { key: tile.id, style: { listStyle: 'none', textAlign: 'center' } },
        h(
          'a',
          { href: tile.url },
          h('span', {
            style: {
              display: 'block',
              margin: 'auto',
              width: 64,
              height: 64,
              borderRadius: 16,
              background: tile.color,
            },
          }),
          tile.title,
        ),
      ),
    ),
  );
}

createRoot(document.getElementById('root')!).render(h(Tiles));
