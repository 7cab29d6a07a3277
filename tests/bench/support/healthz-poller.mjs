// Asks GET /healthz of the server at process.argv[2] one request after another until its standard
// input closes, then prints every answer's time in milliseconds as JSON. Run in a process of its
// own, so that what it measures is the server's answering, not the benchmark's own work.
const url = `${process.argv[2]}/healthz`;
const times = [];
let stopped = false;
process.stdin.on('end', () => (stopped = true)).resume();
while (!stopped) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  times.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(JSON.stringify(times));
