import { cn } from '@/lib/utils';

interface GroupCheckboxesProps {
  groups: readonly { id: number; name: string }[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  className?: string;
}

/** One checkbox per group, for choosing a message's target groups or a user's memberships. */
export function GroupCheckboxes({ groups, selected, onChange, className }: GroupCheckboxesProps) {
  return (
    <div className={cn('flex flex-wrap gap-x-4 gap-y-2', className)}>
      {groups.map((g) => (
        <label key={g.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={selected.includes(g.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...selected, g.id] : selected.filter((x) => x !== g.id))
            }
            className="size-4 accent-primary"
          />
          {g.name}
        </label>
      ))}
    </div>
  );
}
