import { PGlite } from '@electric-sql/pglite';
const a = await PGlite.create();
const dump = await a.dumpDataDir('none');
const b = await PGlite.create({ loadDataDir: dump, postgresqlconf: ['synchronous_commit=off', 'full_page_writes=off'] });
console.log((await b.query('show synchronous_commit')).rows, (await b.query('show full_page_writes')).rows);
