// SVGs are rasterised in a child process that is killed at the time limit (SECURITY.md "Staying up", decision
// 044): sharp's timeout cannot stop librsvg inside one render, a kill can. One warm child, started at the
// first SVG and kept, so an upload does not pay node's start-up; the app kills it when it closes.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError } from './app-error.ts';
import { IMAGE_LIMITS } from './image-limiter.ts';

export interface RenderRequest {
  id: number;
  svg: Uint8Array;
  /** the longer side of the PNG, in pixels */
  size: number;
  limitInputPixels: number;
}
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

const CHILD = fileURLToPath(new URL('./svg-render-child.ts', import.meta.url));
// the child is TypeScript like the server; tsx by its file URL, so it loads whatever the working directory
// and however the parent was started (npm start, the bench, vitest)
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const START_LIMIT_MS = 30_000;

const tooComplex = () => new AppError(415, 'upload.too_complex');

export class SvgRenderer {
  /** how long one render may take before the child is killed; tests lower it */
  timeLimitMs: number = IMAGE_LIMITS.timeoutSeconds * 1000;
  private child: ChildProcess | null = null;
  private starting: Promise<ChildProcess> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private holders = 0;

  /** The child's process id while it runs, for tests. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The SVG as a PNG whose longer side is at most `size`. Renders run one after another; a render over the
   * time limit kills the child and is a 415 `upload.too_complex`, as is a child that dies while rendering.
   * Any other failure rejects with the renderer's message: the bytes do not decode as an SVG.
   */
  render(svg: Buffer, size: number, limitInputPixels: number): Promise<Buffer> {
    const run = this.tail.then(() => this.renderNow(svg, size, limitInputPixels));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Marks one user of the renderer (an app); the returned function releases it, and the last stops the child. */
  retain(): () => Promise<void> {
    this.holders++;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.holders === 0) await this.stop();
    };
  }

  /** Kills the child, if one runs, and waits until it has exited; the next render starts another. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.starting = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  private async renderNow(svg: Buffer, size: number, limitInputPixels: number): Promise<Buffer> {
    const child = await this.start();
    const id = this.nextId++;
    hold(child, true);
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        // answered once the child is gone, so the SVG lane's slot frees with the core it used
        const timer = setTimeout(() => {
          done();
          void this.kill(child).then(() => reject(tooComplex()));
        }, this.timeLimitMs);
        const onMessage = (reply: RenderReply) => {
          if (reply.id !== id) return;
          done();
          if ('png' in reply)
            resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
          else reject(new Error(reply.error));
        };
        const onExit = () => {
          done();
          reject(tooComplex());
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        const request: RenderRequest = { id, svg, size, limitInputPixels };
        child.send(request);
      });
    } finally {
      hold(child, false);
    }
  }

  private start(): Promise<ChildProcess> {
    if (this.starting) return this.starting;
    const child = fork(CHILD, [], {
      execArgv: ['--import', TSX],
      // Buffers pass as bytes, not as JSON arrays of numbers
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.once('exit', () => {
      if (this.child === child) {
        this.child = null;
        this.starting = null;
      }
    });
    const starting = new Promise<ChildProcess>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.off('error', onError);
      };
      const timer = setTimeout(() => {
        done();
        void this.kill(child);
        reject(new Error('the SVG renderer did not start in time'));
      }, START_LIMIT_MS);
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean } | null)?.ready !== true) return;
        done();
        hold(child, false);
        resolve(child);
      };
      const onExit = (code: number | null, signal: string | null) => {
        done();
        reject(new Error(`the SVG renderer exited while starting (${code ?? signal})`));
      };
      const onError = (err: Error) => {
        done();
        void this.kill(child);
        reject(err);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.once('error', onError);
    });
    // a failed start is not kept: the next render tries again
    starting.catch(() => {
      if (this.starting === starting) this.starting = null;
    });
    this.starting = starting;
    return starting;
  }

  private async kill(child: ChildProcess): Promise<void> {
    if (this.child === child) return this.stop();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A waiting child does not keep the server's process alive; one that renders does. */
function hold(child: ChildProcess, busy: boolean): void {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** The process's one SVG renderer, behind the image limiter's SVG lane (lib/image-limiter.ts). */
export const svgRenderer = new SvgRenderer();
