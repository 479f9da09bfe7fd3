// The domain events of sick notices (lib/domain-events.ts, decision 084), published in the change's transaction.

/** A new sick notice about `pupilId` (a pupil, or whoever it is about), reported by `reportedBy`. */
export interface SickReported {
  id: number;
  pupilId: number;
  reportedBy: number;
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'sick.reported': SickReported;
  }
}
