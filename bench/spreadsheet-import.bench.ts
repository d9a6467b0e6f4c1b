/**
 * Hostile spreadsheet imports (issue 11.9): a 4.7 MB xlsx whose sheet unpacks to 48 MB of XML (declared
 * truthfully, or as 1 KB so that only the streaming reader's row limit stops it), and
 * zip bombs (under 1 MB unpacking to 200 MB: one endless cell, declared truthfully or as 1 KB; endless
 * cells in one row, declared as 1 KB), each posted to `POST /api/checklist/template/import`
 * of a server in its own process. Prints per file: the answer, the time to it, the server's peak RSS
 * growth during the request (VmHWM after resetting it through /proc/<pid>/clear_refs, against VmRSS
 * before), and the longest wait of `GET /api/ready` requests sent every 25 ms meanwhile (how long the
 * server was blocked). On the embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { handZip as zip } from '../apps/server/src/test/zip.ts';
import { onEachDatabase, signIn, startServer, stopServer, type Session } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3321);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);

// Files --------------------------------------------------------------------------------------------

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook ExcelJS and Excel open: one sheet of the given XML, with its workbook parts; the sheet's size as declared. */
function workbook(sheet: Buffer, declaredSize?: number): Buffer {
  const part = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  return zip([
    {
      name: '[Content_Types].xml',
      content: part(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: part(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: part(`<workbook ${NS} xmlns:r="${RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: part(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet, declaredSize },
  ]);
}

/** 48 MB of sheet XML: a header, then rows of the import's columns with random text, so it compresses to about 4.7 MB. */
function bigSheet(): Buffer {
  const rows: string[] = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>page</t></is></c><c r="B1" t="inlineStr"><is><t>title</t></is></c><c r="C1" t="inlineStr"><is><t>type</t></is></c></row>',
  ];
  let size = 0;
  for (let r = 2; size < 48 * 1024 * 1024; r += 1) {
    const text = randomBytes(9).toString('base64');
    const row = `<row r="${r}" spans="1:3"><c r="A${r}" t="inlineStr"><is><t>Page ${r % 40}</t></is></c><c r="B${r}" t="inlineStr"><is><t>Question ${r} ${text} about the state of the pump and its surroundings, checked on arrival by the inspector</t></is></c><c r="C${r}" t="inlineStr"><is><t>textAnswer</t></is></c></row>`;
    rows.push(row);
    size += row.length;
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><sheetData>${rows.join('')}</sheetData></worksheet>`,
  );
}

/** Under 1 MB unpacking to 200 MB; `lying`: the directory declares 1 KB for it. */
const bombOf = (head: string, unit: string, lying: boolean) =>
  workbook(
    Buffer.concat([Buffer.from(`<worksheet ${NS}><sheetData>${head}`), Buffer.alloc(200 * 1024 * 1024, unit)]),
    lying ? 1024 : undefined,
  );

// Measuring -----------------------------------------------------------------------------------------

function multipart(name: string, content: Buffer) {
  const boundary = `----vigil${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function postOnce(session: Session, pid: number, name: string, content: Buffer) {
  const { body, type } = multipart(name, content);
  await new Promise((resolve) => setTimeout(resolve, 300));
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const rssBefore = status(pid, 'VmRSS');
  let polling = true;
  let longestWait = 0;
  const poll = (async () => {
    while (polling) {
      const sent = performance.now();
      await fetch(`${session.base}/api/ready`).then((response) => response.arrayBuffer());
      longestWait = Math.max(longestWait, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${session.base}/api/checklist/template/import`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': type },
    body,
  });
  const answer = (await response.json()) as { code?: string; message?: string };
  const elapsed = performance.now() - started;
  polling = false;
  await poll;
  return {
    status: response.status,
    code: answer.code ?? '',
    message: answer.message ?? '',
    ms: elapsed,
    rssGrowth: status(pid, 'VmHWM') - rssBefore,
    longestWait,
  };
}

async function benchServer(label: string, env: Record<string, string>, files: { name: string; content: Buffer }[]) {
  const server = await startServer(PORT, env);
  try {
    const session = await signIn(`http://127.0.0.1:${PORT}`);
    for (const file of files) {
      for (let run = 1; run <= RUNS; run += 1) {
        const result = await postOnce(session, server.pid!, file.name, file.content);
        console.log(
          `| ${label} | ${file.name} (${(file.content.length / 1024 / 1024).toFixed(2)} MB) | ${run} | ${result.status} ${result.code} | ${result.ms.toFixed(0)} | ${result.rssGrowth.toFixed(0)} | ${result.longestWait.toFixed(0)} |`,
        );
        if (run === RUNS) console.log(`  answer: ${result.message}`);
      }
    }
  } finally {
    await stopServer(server);
  }
}

const sheet48 = bigSheet();
const files = [
  { name: '48MB-sheet.xlsx', content: workbook(sheet48) },
  { name: '48MB-sheet-lying.xlsx', content: workbook(sheet48, 1024) },
  { name: 'bomb-one-cell.xlsx', content: bombOf('<row r="1"><c t="inlineStr"><is><t>', 'z', false) },
  { name: 'bomb-one-cell-lying.xlsx', content: bombOf('<row r="1"><c t="inlineStr"><is><t>', 'z', true) },
  { name: 'bomb-many-cells-lying.xlsx', content: bombOf('<row r="1">', '<c r="ZZ1"><v>1</v></c>', true) },
];
console.log('| database | file | run | answer | ms to answer | peak RSS growth MB | longest /api/ready wait ms |');
console.log('|---|---|---|---|---|---|---|');
await onEachDatabase((label, env) => benchServer(label, env, files));
