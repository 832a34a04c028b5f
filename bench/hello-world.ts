import Fastify from 'fastify';

/** The baseline: a bare Fastify answering a small JSON object. */
const app = Fastify();
app.get('/hello', async () => ({ code: 200, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
