import { describe, expect, it } from 'vitest';
import {
  decodeRecord,
  emptyImport,
  handOver,
  importPath,
  lineOf,
  loadable,
  readText,
  savable,
  saved,
  saveFailed,
  startSaving,
  takeHandedOver,
} from './import-model.ts';

const GOOD = '[Game "Chinese Chess"]\n[Format "ICCS"]\n\n1. H2-E2 H9-G7\n2. H0-G2 I9-H9 *\n';
const BAD = '[Variant "xiangqi"]\n\n1. h3e3 h10g8\n2. h1g3 zz9 *\n';

describe('import panel model', () => {
  it('reads a record: its game, move count, no error; savable once', () => {
    const s = readText(emptyImport(), GOOD, 'janggi');
    expect(s.game?.variant).toBe('xiangqi');
    expect(s.moves).toBe(4);
    expect(s.error).toBeNull();
    expect(loadable(s)).toBe(true);
    expect(savable(s)).toBe(true);
    const busy = startSaving(s);
    expect(savable(busy)).toBe(false);
    const done = saved(busy, 'AbCd1234');
    expect(done.savedId).toBe('AbCd1234');
    expect(savable(done)).toBe(false);
    expect(importPath('AbCd1234')).toBe('/i/AbCd1234');
    expect(saveFailed(busy, 'quota').problem).toBe('quota');
  });

  it('a wrong move: the error names its line and move, the legal part stays loadable', () => {
    const s = readText(emptyImport(), BAD, 'xiangqi');
    expect(s.error).toMatchObject({ code: 'import.unreadable', line: 4, move: 'zz9' });
    expect(lineOf(BAD, s.error!.line)).toBe('2. h1g3 zz9 *');
    expect(s.moves).toBe(3);
    expect(loadable(s)).toBe(true);
  });

  it('nothing typed is nothing to load; a record with no legal move is not loadable', () => {
    expect(loadable(readText(emptyImport(), '   ', 'xiangqi'))).toBe(false);
    expect(loadable(readText(emptyImport(), '[Variant "xiangqi"]\n\n1. zz9', 'xiangqi'))).toBe(false);
  });

  it('decodes UTF-8 files, and EUC-KR .gib files', () => {
    expect(decodeRecord(new TextEncoder().encode('[대회명 "친선"]'))).toBe('[대회명 "친선"]');
    // "장기" in EUC-KR.
    expect(decodeRecord(new Uint8Array([0xc0, 0xe5, 0xb1, 0xe2]))).toBe('장기');
  });

  it('hands a game over to its own game’s board, once', () => {
    const s = readText(emptyImport(), GOOD, 'xiangqi');
    handOver(s.game!);
    expect(takeHandedOver('janggi')).toBeNull();
    handOver(s.game!);
    expect(takeHandedOver('xiangqi')?.moves).toBe(s.game!.moves);
    expect(takeHandedOver('xiangqi')).toBeNull();
  });
});
