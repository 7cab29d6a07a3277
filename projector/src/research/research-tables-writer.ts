import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { ByteWriter, parquetWriteRows } from 'hyparquet-writer';
import { CHILD_TABLE_COLUMNS, ENTRY_TABLE_COLUMNS, type TableColumn } from '@nightlight/domain/research/research-tables';
import type { ResearchRelease } from './research-export';

export type ResearchTable = 'entries' | 'children';
export type TableFormat = 'csv' | 'parquet';

export const TABLE_COLUMNS: Record<ResearchTable, readonly TableColumn[]> = { entries: ENTRY_TABLE_COLUMNS, children: CHILD_TABLE_COLUMNS };

type Row = Record<string, unknown>;

/** The rows of one table of a release: one per standing entry, or one per child. */
export async function* tableRows(release: ResearchRelease, table: ResearchTable): AsyncGenerator<Row> {
  for await (const state of release.finalStates()) {
    if (table === 'children') yield state.child as unknown as Row;
    else yield* state.entries as unknown as Row[];
  }
}

/** A cell as RFC 4180 has it: empty for null, quoted when it holds a comma, a quote or a line break. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_CHUNK_CHARS = 64 * 1024;

const csvHeader = (columns: readonly TableColumn[]): string => `${columns.map(({ name }) => name).join(',')}\r\n`;
const csvLine = (columns: readonly TableColumn[], row: Row): string => `${columns.map(({ name }) => csvCell(row[name])).join(',')}\r\n`;

/** A table as CSV with a header row, in chunks. */
export async function* csvChunks(columns: readonly TableColumn[], rows: AsyncIterable<Row>): AsyncGenerator<string> {
  let chunk = csvHeader(columns);
  for await (const row of rows) {
    chunk += csvLine(columns, row);
    if (chunk.length >= CSV_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** The rows as they pass, written to `out` as CSV on the way: one replay of the release gives both files. */
export async function* copiedAsCsv(columns: readonly TableColumn[], rows: AsyncIterable<Row>, out: Writable): AsyncGenerator<Row> {
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(csvHeader(columns));
  for await (const row of rows) {
    await write(csvLine(columns, row));
    yield row;
  }
  out.end();
  await once(out, 'finish');
}

/**
 * A ByteWriter that hands what it wrote on to a stream after each row group (and at the end),
 * waiting while the reader is slow: the file is never held whole.
 */
class StreamingByteWriter extends ByteWriter {
  constructor(private readonly out: PassThrough) {
    super();
  }

  /** Hands the bytes written since the last time on; false when the reader asks to wait. */
  private handOn(): boolean {
    if (this.index === 0) return true;
    const bytes = Buffer.from(this.getBytes());
    this.index = 0;
    return this.out.write(bytes);
  }

  async flush(): Promise<void> {
    if (!this.handOn()) await once(this.out, 'drain');
  }

  override finish(): void {
    this.handOn();
    this.out.end();
  }
}

/** A table as Parquet (snappy, nullable columns of the declared types), streamed. */
export function parquetStream(columns: readonly TableColumn[], rows: AsyncIterable<Row>): Readable {
  const out = new PassThrough();
  const writer = new StreamingByteWriter(out);
  Promise.resolve(
    parquetWriteRows({
      writer,
      rows,
      columns: columns.map(({ name, type }) => ({ name, type, nullable: true })),
      createdBy: 'nightlight research tables',
    }),
  ).catch((error: unknown) => out.destroy(error as Error));
  return out;
}
