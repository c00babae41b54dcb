/**
 * Reads a body of JSON lines (`application/x-ndjson`) as it arrives, handing each line's
 * value to `onValue` as soon as the line is complete. A line may arrive in several chunks,
 * and a chunk may end inside a multi-byte character: the decoder keeps what is unfinished.
 */
export async function readJsonLines(
  body: ReadableStream<Uint8Array>,
  onValue: (value: unknown) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    // The last piece is a line still on its way, unless the body has ended.
    pending = done ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim() !== '') onValue(JSON.parse(line));
    if (done) return;
  }
}
