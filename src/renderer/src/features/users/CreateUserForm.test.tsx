import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { supabase } from '../../lib/supabase'
import { serveAsDemoStaff } from '../../test/embeddedBackend'
import { CreateUserForm } from './CreateUserForm'

/** The Users screen's form against the real embedded backend, signed in as the demo staff member. */
// Typing into Ant Design's fields and hashing a password on a shared machine take longer than 5 s.
describe('creating a staff user', { timeout: 30_000 }, () => {
  const server = serveAsDemoStaff()
  /** Someone else's browser: a client of its own that keeps no session. */
  const otherClient = () =>
    createClient(server().url, server().anonKey, { auth: { persistSession: false, autoRefreshToken: false } })

  async function submit(email: string) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CreateUserForm />
      </QueryClientProvider>,
    )
    await userEvent.type(screen.getByLabelText('Full name'), 'New Colleague')
    await userEvent.type(screen.getByLabelText('Email address'), email)
    await userEvent.type(screen.getByLabelText('Password (min 8 characters)'), 'colleague-password')
    await userEvent.type(screen.getByLabelText('Repeat password'), 'colleague-password')
    await userEvent.click(screen.getByRole('button', { name: 'Create new user' }))
  }

  const staffIds = async () => (await supabase().from('staff').select('user_id')).data?.map((r) => r.user_id)

  it('creates a staff account that can sign in, and empties the form', async () => {
    const before = await staffIds()
    await submit('colleague@example.com')
    await vi.waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue(''), {
      timeout: 10_000,
    })
    const colleague = otherClient()
    const { data, error } = await colleague.auth.signInWithPassword({
      email: 'colleague@example.com',
      password: 'colleague-password',
    })
    expect(error).toBeNull()
    expect(await staffIds()).toEqual([...(before ?? []), data.user?.id])
  })

  it('says exactly why an address that already has an account cannot be invited', async () => {
    const squatter = otherClient()
    expect(
      (await squatter.auth.signUp({ email: 'taken@example.com', password: 'squatter-pw' })).error,
    ).toBeNull()
    const before = await staffIds()
    await submit('taken@example.com')
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The user could not be created')
    expect(alert).toHaveTextContent('A user with this email address already exists')
    expect(await staffIds()).toEqual(before)
    expect((await supabase().from('staff_invites').select('email')).data).toEqual([])
  })
})
