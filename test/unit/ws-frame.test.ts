import * as ws from 'ws';
import { textFrame } from '../../src/realtime/frame';

/** ws' own framing, the reference (exported at runtime, not declared by @types/ws). */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };

describe('textFrame', () => {
  it('writes the bytes ws writes for an unmasked text message, at every length encoding', () => {
    for (const length of [0, 1, 125, 126, 127, 65535, 65536, 70_000]) {
      const payload = Buffer.alloc(length, 'x');
      const ours = textFrame(payload);
      const theirs = Buffer.concat(Sender.frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false }));
      expect(ours.equals(theirs)).toBe(true);
    }
  });
});
