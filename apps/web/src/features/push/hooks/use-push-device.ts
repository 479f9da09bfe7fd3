import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isSubscribed } from '../lib/subscription';

export interface PushDevice {
  /** the browser's notification permission, undefined without the Notification API */
  permission: NotificationPermission | undefined;
  /** this device has a subscription made with the school's current key */
  subscribed: boolean;
}

const permissionNow = () => ('Notification' in window ? Notification.permission : undefined);

async function lookAtDevice(vapidKey: string | null): Promise<PushDevice> {
  const subscribed = vapidKey ? await isSubscribed(vapidKey).catch(() => false) : false;
  return { permission: permissionNow(), subscribed };
}

/** This device's permission and subscription, looked at again on refresh() and when the permission changes. */
export function usePushDevice(vapidKey: string | null) {
  const query = useQuery({
    queryKey: ['push', 'device', vapidKey],
    queryFn: () => lookAtDevice(vapidKey),
    staleTime: 0,
    gcTime: 0,
  });
  const { refetch } = query;

  useEffect(() => {
    // a change in the browser's site settings, made while the dialog is open
    let status: PermissionStatus | undefined;
    let gone = false;
    const onChange = () => void refetch();
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((result) => {
        if (gone) return;
        status = result;
        result.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      status?.removeEventListener('change', onChange);
    };
  }, [refetch]);

  return {
    permission: query.data?.permission ?? permissionNow(),
    subscribed: query.data?.subscribed ?? false,
    checked: query.data !== undefined,
    refresh: async () => {
      await refetch();
    },
  };
}
