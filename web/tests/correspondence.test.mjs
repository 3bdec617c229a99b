// correspondence.test.mjs — a correspondence game with its page closed: the test starts its
// own SMTP sink (a Node `net` server) and its own `tabula serve` (TABULA_BIN) sending e-mails
// to it; two accounts play Connect Four at one day per move; the second asks for e-mails and
// closes its page; the first moves; the e-mail reaches the sink with the match's link; the
// second opens the home page and finds the match under "Your turn".

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABULA = process.env.TABULA_BIN || path.join(ROOT, 'target', 'debug', 'tabula');

/** The messages the sink took: {to: [address…], data}. */
const mails = [];

/** A small SMTP server: 220, EHLO/HELO 250, MAIL/RCPT 250, DATA 354, "." 250, QUIT 221. */
function startSink() {
  const server = net.createServer((socket) => {
    let buffer = '';
    let data = null;
    let to = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            mails.push({ to, data: data.join('\n') });
            data = null;
            to = [];
            socket.write('250 OK taken\r\n');
          } else {
            data.push(line.startsWith('.') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push(line.split(':').slice(1).join(':').trim().replace(/^<|>$/g, ''));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else if (['HELO', 'MAIL', 'RSET', 'NOOP'].includes(verb)) socket.write('250 OK\r\n');
        else socket.write('502 not here\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A port free now (the server is started on it at once). */
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `tabula serve` (in memory, e-mails to the sink); resolves with its URL once it
 * listens. */
async function startServer(sinkPort) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(TABULA, ['serve', '--memory', '--addr', `127.0.0.1:${port}`,
    '--smtp', `127.0.0.1:${sinkPort}`, '--mail-from', 'Tabula <tabula@example.org>', '--public-url', url,
    '--creations-per-minute', '100000', '--creation-burst', '100000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('serving at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`tabula serve exited (${code}): ${out}`)));
  });
  return { child, url };
}

/** Waits until `done()` holds (at most `ms`). */
async function until(done, ms, what) {
  const start = Date.now();
  while (!done()) {
    assert.ok(Date.now() - start < ms, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let sink;
let server;
let env;
let browser;
before(async () => {
  sink = await startSink();
  server = await startServer(sink.address().port);
  // The pages' base address is the server started here (read by lib/env.mjs as it loads).
  process.env.TABULA_URL = server.url;
  env = await import('./lib/env.mjs');
  browser = await env.launch();
});
after(async () => {
  await browser?.close();
  server?.child.kill();
  sink?.close();
});

/** `fetch` from the page (its cookies); resolves with {status, body}. */
function call(page, method, pathname, body) {
  return page.evaluate(async ([m, p, b]) => {
    const init = { method: m, headers: {} };
    if (b !== null) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(b);
    }
    const res = await fetch(p, init);
    return { status: res.status, body: await res.json().catch(() => null) };
  }, [method, pathname, body ?? null]);
}

test('a move by one person e-mails the other, whose page is closed, and the home page lists the turn', async () => {
  const suffix = Date.now().toString(36);
  const [ann, bob] = [await env.newPage(browser), await env.newPage(browser)];
  for (const [p, name] of [[ann, `Ann${suffix}`], [bob, `Bob${suffix}`]]) {
    await p.page.goto('/');
    const r = await call(p.page, 'POST', '/api/account', { name, password: 'a long password' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  // The creation form offers correspondence clocks.
  await ann.page.reload();
  await ann.page.waitForSelector('#clock-choice option[value="d1"]', { state: 'attached' });
  const made = await call(ann.page, 'POST', '/api/matches', { game: 'connect-four', seats: [{ human: true }, { human: true }], clock: { days_per_move: 1 } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  const tokens = Object.fromEntries(made.body.seats.map((s) => [s.seat, s.token]));
  assert.equal((await call(ann.page, 'POST', `/api/matches/${id}/name`, { token: tokens[1] })).status, 200);
  assert.equal((await call(bob.page, 'POST', `/api/matches/${id}/name`, { token: tokens[2] })).status, 200);

  // Bob asks for e-mails on the home page, then closes it.
  await bob.page.reload();
  await bob.page.waitForSelector('#turns:not([hidden]) #mail-address');
  await bob.page.fill('#mail-address', 'bob@example.org');
  await bob.page.check('#mail-turns');
  await bob.page.click('#mail-save');
  const settings = async () => (await call(bob.page, 'GET', '/api/account/mail')).body;
  const start = Date.now();
  while (!(await settings()).turn_emails) {
    assert.ok(Date.now() - start < 15000, 'the settings were never saved');
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.deepEqual(bob.errors, []);
  await bob.page.close();

  const moved = await call(ann.page, 'POST', `/api/matches/${id}/actions`, { token: tokens[1], action: '4', ply: 0 });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  await until(() => mails.length > 0, 20000, 'the e-mail');
  assert.deepEqual(mails[0].to, ['bob@example.org']);
  assert.ok(mails[0].data.includes(`${server.url}/match/${id}`), mails[0].data);

  // Bob comes back: the match is in "Your turn", linking to it.
  const again = await bob.context.newPage();
  await again.goto('/');
  const link = again.locator(`#my-turn li[data-match="${id}"] a[href="/match/${id}"]`);
  await link.waitFor();
  assert.match(await again.locator(`#my-turn li[data-match="${id}"]`).innerText(), new RegExp(`Ann${suffix}`));
  await again.locator('#turns').screenshot({ path: `${env.SHOTS}/correspondence-your-turn.png` });
  await link.click();
  await again.waitForURL(`**/match/${id}`);
  assert.deepEqual(ann.errors, []);
  for (const p of [ann, bob]) await p.context.close();
});
