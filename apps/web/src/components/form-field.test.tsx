import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FormField } from './form-field';

afterEach(cleanup);

describe('FormField', () => {
  it('names the input by its label and passes the input props and ref through', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <FormField ref={ref} id="f-name" label="Name" autoComplete="username" maxLength={20} dir="auto" />,
    );
    const input = screen.getByLabelText('Name');
    expect(ref.current).toBe(input);
    expect(input.id).toBe('f-name');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('maxlength')).toBe('20');
    expect(input.getAttribute('dir')).toBe('auto');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('describes the input by its hint first, then by the ids it is given', () => {
    render(
      <>
        <FormField id="f-id" label="User" hint="The number" aria-describedby="f-error" aria-invalid />
        <p id="f-error">Wrong</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'User' });
    expect(input.getAttribute('aria-describedby')).toBe('f-id-hint f-error');
    expect(input).toHaveProperty('ariaInvalid', 'true');
    expect(document.getElementById('f-id-hint')?.textContent).toBe('The number');
  });

  it('shows content beside the label and below the input without tying it to the input', () => {
    render(
      <FormField id="f-code" label="Code" labelAside={<a href="#x">Help</a>}>
        <p>Below</p>
      </FormField>,
    );
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();
    expect(screen.getByText('Below')).toBeTruthy();
    expect(screen.getByLabelText('Code').hasAttribute('aria-describedby')).toBe(false);
  });
});
