import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import type { GuestInput } from '@shared/domain/guests'
import { toastFailure } from '../../ui/failureToast'
import { guestKeys } from './queryKeys'
import { createGuest, updateGuest } from './service'

interface SaveGuestRequest {
  guest: GuestInput
  /** The guest to change; without it a new guest is created. */
  id?: number
}

/** Creates or changes a guest; the directory and the guest's page show it as stored. */
export function useSaveGuest() {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: ({ guest, id }: SaveGuestRequest) =>
      id === undefined ? createGuest(guest) : updateGuest(id, guest),
    onSuccess: (_, { id }) =>
      toast.success(id === undefined ? 'Guest successfully created' : 'Guest successfully updated'),
    onError: (error) => toastFailure(error),
    onSettled: (_, __, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.lists }),
        id !== undefined && queryClient.invalidateQueries({ queryKey: guestKeys.detail(id) }),
      ]),
  })
  return { saveGuest: mutate, isSaving: isPending }
}
