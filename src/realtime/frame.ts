/**
 * A WebSocket text frame as a server sends it (RFC 6455 §5.2): FIN set, opcode 1 (text), no mask (a
 * server never masks), the payload length in 7, 7+16 or 7+64 bits, then the payload. The fan-out builds
 * a message's frame once and writes the same bytes to every socket of that operation id (ws.ts), instead
 * of ws framing it again for each socket (a header buffer, two corked writes and a writev per socket).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
