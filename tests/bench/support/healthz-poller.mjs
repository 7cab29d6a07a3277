// Asks GET /healthz of the server at process.argv[2] one request after another until its standard
// input closes, then prints every answer's time in milliseconds as JSON. Run in a process of its
// own, so that what it measures is the server's answering, not the benchmark's own work.
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';

const url = `${process.argv[2]}/healthz`;
const times = [];
let stopped = false;
process.stdin.on('end', () => (stopped = true)).resume();
while (!stopped) {
  const started = performance.now();
  const status = await new Promise((resolve, reject) => get(url, (response) => response.resume().on('end', () => resolve(response.statusCode))).on('error', reject));
  if (status !== 200) throw new Error(`/healthz answered ${status}`);
  times.push(performance.now() - started);
  await pause(5);
}
process.stdout.write(JSON.stringify(times));
