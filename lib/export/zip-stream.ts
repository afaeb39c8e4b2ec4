import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Member } from './members';

// The archive as a stream: the ZIP is written while it is sent, at the pace the reader pulls.

const END_OF_FILE = new Uint8Array(0);

/**
 * Feeds the members into the ZIP a chunk at a time, pausing (a `yield`) after each, so that the stream's
 * pull sets the pace. fflate's Zip writes synchronously: whatever a push produced has reached its ondata
 * callback by the time this yields.
 */
async function* feed(zip: Zip, files: AsyncIterable<Member>, mtime: Date): AsyncGenerator<void> {
  for await (const member of files) {
    const file = member.stored ? new ZipPassThrough(member.name) : new ZipDeflate(member.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of member.content) {
      file.push(chunk);
      yield;
    }
    file.push(END_OF_FILE, true);
    yield;
  }
  zip.end();
}

/**
 * The members as a ZIP, for a route handler's `new Response(stream)`. Nothing is read before the
 * first pull; each pull feeds the ZIP until it has produced output (a page of rows gives one or more
 * compressed blocks), so no more than about a page is ever waiting for a slow reader. An error once the
 * stream has started (the database gone, a file unreadable midway) errors the stream, which the
 * response ends abruptly: the download is visibly incomplete rather than a ZIP that silently lacks data.
 */
export function zipStream(files: AsyncIterable<Member>, mtime: Date): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let cancelled = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      if (final) finished = true;
    }
  });
  const steps = feed(zip, files, mtime);

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (ready.length === 0 && !finished) {
            const step = await steps.next();
            if (cancelled) return; // the reader left while this step ran; cancel() has closed the rest
            if (failure) throw failure;
            if (step.done && !finished) throw new Error('The archive ended before its directory was written.');
          }
          for (const chunk of ready.splice(0)) controller.enqueue(chunk);
          if (finished) controller.close();
        } catch (error) {
          // Closes the page reads and any open upload; the error then errors the stream.
          await steps.return(undefined).catch(() => {});
          zip.terminate();
          throw error;
        }
      },
      async cancel() {
        cancelled = true;
        await steps.return(undefined);
        zip.terminate();
      },
    },
    // Read only when asked: with a high-water mark of 0 the stream pulls once a reader waits.
    { highWaterMark: 0 },
  );
}
