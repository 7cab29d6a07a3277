// The bare Fastify routes the HTTP benchmark holds ours to, in a process of their own and under
// plain node, as ours run: a GET answering the same bytes as daily insights, and a POST that parses
// the same requests as POST /api/feedings and answers as many bytes with 201.
// Reads GET_BODY_FILE and POST_ANSWER_FILE; prints its URL on the first line of its output.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const getBody = readFileSync(process.env.GET_BODY_FILE, 'utf8');
const postAnswer = readFileSync(process.env.POST_ANSWER_FILE, 'utf8');
const bare = Fastify({ logger: false });
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(getBody));
bare.post('/bare', async (_request, reply) => reply.status(201).type('application/json').send(postAnswer));
console.log(await bare.listen({ port: 0, host: '127.0.0.1' }));
