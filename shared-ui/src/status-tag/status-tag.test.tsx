import { render, screen } from '@testing-library/react';
import { StatusTag } from './status-tag';

describe('StatusTag', () => {
  it('writes the status as words with its colour', () => {
    render(<StatusTag status="in-progress" />);
    expect(screen.getByText('In progress')).toHaveClass('ant-tag-processing');
  });

  it('takes a label and falls back to a neutral colour', () => {
    render(<StatusTag status="something-new" label="New" />);
    expect(screen.getByText('New')).not.toHaveClass('ant-tag-processing');
  });
});
