import { it, expect } from 'vitest';
import { startTestApp, call, loginAs } from './test/test-app.ts';
it('dbg', async () => {
  const t = await startTestApp();
  const c = await loginAs(t.base, 'student');
  const l1 = await call(t.base, '/api/layout?unused=true', { cookie: c });
  console.log(l1.body.layoutType, l1.body.layout.map((b: any) => b.title), l1.body.version);
  const form = new FormData(); form.append('title','Wörterbuch'); form.append('url','https://x.example.org'); form.append('color','red-500'); form.append('wantedPerms','private');
  const r = await fetch(t.base + '/api/apps', { method: 'POST', body: form, headers: { cookie: c, 'x-aula-csrf': '1' } });
  const app = await r.json(); console.log(r.status, JSON.stringify(app).slice(0,200));
  const ids = [...l1.body.layout.map((b: any) => b.id), app.bubble.id];
  const s = await call(t.base, '/api/layout', { cookie: c, body: { layout: ids, private: true, signedOut: false } });
  console.log('save', s.status, s.body.layout?.map((b: any) => b.title));
  const l2 = await call(t.base, '/api/layout', { cookie: c, headers: {'if-none-match': `"${l1.body.version}"`} });
  console.log(l2.status, l2.body?.layoutType, l2.body?.layout?.map((b: any) => b.title));
  await t.close();
});
