// Adds lock entries for optional platform packages (other systems' native
// binaries) that the registry reachable here does not serve, so `npm ci`
// accepts the lock. npm skips them by os/cpu on install, so no tarball is
// ever needed. Run after `npm install` changes the lock:
//   node scripts/complete-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', wasm32: 'wasm32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => (p === 'eabi' ? undefined : CPU[p])).find(Boolean) ?? (parts.includes('arm') ? 'arm' : undefined);
  const libc = parts.includes('musl') || parts.includes('musleabihf') ? ['musl'] : parts.includes('gnu') || parts.includes('gnueabihf') ? ['glibc'] : undefined;
  return { os, cpu, libc };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[`${path}/node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    lock.packages[key] = { version, optional: true, ...(cpu ? { cpu: [cpu] } : {}), ...(os ? { os: [os] } : {}), ...(libc ? { libc } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} optional platform entries`);
