import { TestTerminal } from '../../packages/server/src/gateway/testing/terminal.ts';

/**
 * JT/T 808 terminals for the given phones, registered and authenticated, fifty at a time (the listen backlog
 * and registration are not what is measured). Each gets `extra(item, index)` assigned onto it.
 */
export async function connectTerminals<B extends { phone: string }, X extends object>(
  port: number,
  items: readonly B[],
  extra: (item: B, index: number) => X,
): Promise<(TestTerminal & X)[]> {
  const all: (TestTerminal & X)[] = [];
  for (let i = 0; i < items.length; i += 50) {
    const group = await Promise.all(
      items.slice(i, i + 50).map(async (item, j) => {
        const t = await TestTerminal.connect(port, item.phone);
        const reg = await t.register();
        if ((await t.authenticate(reg.token ?? '')) !== 0) throw new Error(`auth failed for ${item.phone}`);
        // The platform's acks are not needed: keep nothing.
        t.onMessage = () => {
          t.received.length = 0;
        };
        return Object.assign(t, extra(item, i + j));
      }),
    );
    all.push(...group);
  }
  return all;
}
