import pg from 'pg';

const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await c.connect();
await c.query('create temp table t (x int)');
await c.query('create table if not exists zz_commit_probe (x int)');
let t = performance.now();
for (let i = 0; i < 100; i++) await c.query('insert into zz_commit_probe values ($1)', [i]);
console.log('durable commit avg ms', ((performance.now() - t) / 100).toFixed(2));
t = performance.now();
for (let i = 0; i < 100; i++) await c.query('insert into t values ($1)', [i]);
console.log('temp (no fsync) avg ms', ((performance.now() - t) / 100).toFixed(2));
await c.query('drop table zz_commit_probe');
await c.end();
