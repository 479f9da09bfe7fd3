/** How long the alert's tone lasts: two short notes, like a knock. */
export const CHAT_TONE_MS = 320;

/** Whether a message from someone else should alert (spec 3.6 UI preference `chatNotificationAlert`). */
export function shouldAlert({
  preference,
  hidden,
  readingRoom,
}: {
  preference: boolean;
  /** the tab is in the background */
  hidden: boolean;
  /** the chat page shows the message's room in a visible tab: the person is reading it already */
  readingRoom: boolean;
}): boolean {
  return preference && (hidden || !readingRoom);
}

let context: AudioContext | undefined;

/**
 * A short two-note tone made with Web Audio (no audio file to load). Browsers allow it once the person has
 * used the page; before that, or without Web Audio, it stays silent (the title still shows the mark).
 */
export function playChatTone(): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const ctx = context;
    void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, start);
    for (const [i, frequency] of [880, 660].entries()) {
      const at = start + (i * CHAT_TONE_MS) / 2000;
      const oscillator = ctx.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      oscillator.connect(gain);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + CHAT_TONE_MS / 2000);
      oscillator.start(at);
      oscillator.stop(at + CHAT_TONE_MS / 2000);
    }
  } catch {
    // no sound device, or the browser refused: the title's mark is the alert
  }
}
