/**
 * Opening pages whose code loads on demand (pages/index.ts): the latest
 * page asked for is the one shown (a click while a page is still loading
 * wins over it), a page's code is fetched once however often it is asked
 * for, and a fetch that failed gives the fallback page and is tried again
 * next time. Pure: the loaders are given.
 */
export class PageLoads<K extends string, F> {
  private latest = 0;
  private readonly loaded = new Map<K, Promise<F>>();

  constructor(
    private readonly loaders: Readonly<Record<K, () => Promise<F>>>,
    private readonly failed: F,
  ) {}

  /** Fetches a page's code without showing it (a link pointed at, the game page while the browser is idle). */
  preload(name: K): void {
    void this.load(name);
  }

  /** The page to show, or null when another was asked for after this one. */
  async open(name: K): Promise<F | null> {
    const mine = ++this.latest;
    const page = await this.load(name);
    return mine === this.latest ? page : null;
  }

  private load(name: K): Promise<F> {
    let p = this.loaded.get(name);
    if (!p) {
      p = this.loaders[name]().catch(() => {
        this.loaded.delete(name);
        return this.failed;
      });
      this.loaded.set(name, p);
    }
    return p;
  }
}
