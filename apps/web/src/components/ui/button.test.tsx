import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from './button';

afterEach(cleanup);

const variants = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const;
const sizes = ['default', 'xs', 'sm', 'lg', 'icon'] as const;

describe('Button (spec 2.6)', () => {
  it.each(variants)('renders the %s variant with its own classes', (variant) => {
    render(<Button variant={variant}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    const expected = {
      default: 'bg-primary',
      destructive: 'bg-destructive',
      outline: 'border-input',
      secondary: 'bg-secondary',
      ghost: 'hover:bg-accent',
      link: 'underline-offset-4',
    }[variant];
    expect(button.className).toContain(expected);
  });

  it.each(sizes)('renders the %s size', (size) => {
    render(
      <Button size={size} aria-label="Go">
        Go
      </Button>,
    );
    const expected = { default: 'h-9', xs: 'h-6', sm: 'h-8', lg: 'h-10', icon: 'size-9' }[size];
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain(expected);
  });

  it('shows a spinner and is disabled while loading', () => {
    render(<Button loading>Sign in</Button>);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
  });

  it('is enabled and has no spinner when not loading', () => {
    render(<Button>Sign in</Button>);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it('renders its child element instead of a button with asChild', () => {
    render(
      <Button asChild variant="link">
        <a href="/login">Sign in</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.className).toContain('text-primary');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
