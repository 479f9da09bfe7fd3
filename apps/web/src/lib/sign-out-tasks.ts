// Work a lazily loaded feature wants done when the user signs out here (push: this browser unsubscribes,
// decision 073). Sign-out starts it and never waits for it, nor fails with it.

type SignOutTask = () => Promise<unknown>;

const tasks = new Set<SignOutTask>();

/** Registers a task for the next sign-outs; returns the function that removes it. */
export function onSignOut(task: SignOutTask): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Starts every task; their outcome is nobody's concern (the server cleans up after a session too). */
export function runSignOutTasks(): void {
  for (const task of tasks) {
    try {
      task().catch(() => undefined);
    } catch {
      // a task that throws at once changes nothing either
    }
  }
}
