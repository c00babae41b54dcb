import { describe, expect, it } from 'vitest';
import { Slots } from '../../server/lib/slots';

describe('turns at costly work', () => {
  it('gives one user one of two turns, lets another in, and refuses a long wait with 503', async () => {
    const slots = new Slots(2, 1, 200, 'busy');
    const first = await slots.take('a');
    // A second turn for a: it waits, while b gets the free turn at once.
    let second: (() => void) | undefined;
    const waiting = slots.take('a').then((release) => (second = release));
    const b = await slots.take('b');
    expect(second).toBeUndefined();
    first();
    await waiting;
    expect(second).toBeDefined();
    // Both turns are taken now (a and b): c waits 200 ms and is refused.
    const refused = await slots.take('c').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: 'busy',
      headers: { 'retry-after': '1' },
    });
    b();
    second!();
    second!(); // a second release gives nothing back twice
    const again = await Promise.all([slots.take('c'), slots.take('d')]);
    expect(again).toHaveLength(2);
  });
});
