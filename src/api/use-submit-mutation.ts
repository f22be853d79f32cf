import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation for a submit button: `mutate` does nothing while a request of this form is in flight. `isPending`
 * disables the button only after React renders again; two clicks in one frame would otherwise send twice (and the
 * second convertLead reports a failure after the first converted).
 */
export function useSubmitMutation<TData, TError, TVars, TContext>(
  options: UseMutationOptions<TData, TError, TVars, TContext>,
) {
  const mutation = useMutation(options);
  const inFlight = useRef(false);
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, TError, TVars, TContext>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(vars, {
        ...opts,
        onSettled: (...args) => {
          inFlight.current = false;
          return opts?.onSettled?.(...args);
        },
      });
    },
    [send],
  );
  return { ...mutation, mutate };
}
