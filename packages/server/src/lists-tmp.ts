import { registry } from '@traction/core';
const want = process.argv.slice(2);
for (const c of registry)
  if (c.list && (want.length === 0 || want.includes(c.id))) console.log(c.id, JSON.stringify(c.list.columns.map((x) => `${x.key}:${x.kind}`)));
