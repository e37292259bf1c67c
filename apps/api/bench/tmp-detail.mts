import autocannon from 'autocannon';
const ids = Array.from({ length: 5000 }, (_, i) => 1 + ((i * 104729 + 17) % 1000000));
let i = 0, n = 0;
const path = process.argv[3] ?? 'detail';
const r = await autocannon({ url: 'http://127.0.0.1:8100', connections: 10, duration: Number(process.argv[2] ?? 10), requests: [{ setupRequest: (req: any) => { req.path = path === 'health' ? '/healthz' : `/api/titles/${ids[i++ % ids.length]}?_b=${n++}`; return req; } }] });
console.log(path, r.requests.average, 'req/s p99', r.latency.p99, 'errors', r.errors, r.non2xx);
