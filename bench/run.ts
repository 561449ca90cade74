// `npm run bench -- <name>`: runs bench/<name>.bench.ts and prints its figures.
const name = process.argv[2];
if (!name) {
  console.error('usage: npm run bench -- <name>   (e.g. foundation)');
  process.exit(2);
}
const mod = (await import(`./${name}.bench.ts`)) as { run: () => Promise<void> };
await mod.run();
process.exit(0);
