import { describe, expect, it } from 'vitest';
import { helpTopicForPath, textLang, textParagraphs } from './config-texts';

describe('config texts', () => {
  it('splits plain text into paragraphs at blank lines, keeping single line breaks', () => {
    expect(textParagraphs('A\r\nB\n\n  \nC\n')).toEqual(['A\nB', 'C']);
    expect(textParagraphs('  ')).toEqual([]);
  });
  it('maps the UI language to a text language, German when unknown', () => {
    expect(textLang('fa')).toBe('fa');
    expect(textLang('en-GB')).toBe('en');
    expect(textLang('tr')).toBe('de');
  });
  it('maps routes to help topics', () => {
    expect(helpTopicForPath('/')).toBe('home');
    expect(helpTopicForPath('/edit')).toBe('edit');
    expect(helpTopicForPath('/dashboard/settings')).toBe('dashboard');
    expect(helpTopicForPath('/login')).toBe('login');
    expect(helpTopicForPath('/terms')).toBeNull();
  });
});
