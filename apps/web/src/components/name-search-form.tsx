import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface NameSearchFormProps {
  /** the search in the address: the field follows it when Back, a link or "reset" changes it */
  value: string | undefined;
  /** called on Enter or the button with the trimmed text, undefined when empty */
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder: string;
  submitLabel: string;
}

/**
 * The name search of a filtered list (the sick list, the room chooser): a labelled search field that searches
 * on Enter or its button, not on every key, so typing does not fill the history.
 */
export function NameSearchForm({ value, onSearch, label, placeholder, submitLabel }: NameSearchFormProps) {
  const nameId = useId();
  const [q, setQ] = useState(value ?? '');
  // adjusted while rendering: the address changed under the field
  const [shownQ, setShownQ] = useState(value);
  if (shownQ !== value) {
    setShownQ(value);
    setQ(value ?? '');
  }
  return (
    <form
      role="search"
      className="grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(q.trim() || undefined);
      }}
    >
      <label htmlFor={nameId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={nameId}
          type="search"
          value={q}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit" variant="secondary" className="h-10">
          <Search aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
