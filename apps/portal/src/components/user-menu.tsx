import { useState } from 'react';
import { Dropdown } from '@digdir/designsystemet-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { useSettingEnabled } from '@lokaler/api-client/settings';
import { useFeatureSwitch } from '@lokaler/ui/feature-switches';
import { contact } from '../config/contact';
import { paths } from '../config/paths';

/**
 * The logged-in user's menu (spec 01 §2): 'Mine bookinger', contact, privacy, 'Bytt representasjon'
 * (only with the orgLogin switch on) and 'Logg ut', which ends the session and returns to the root.
 */
export function UserMenu({ name }: { name: string }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [orgLogin] = useFeatureSwitch('orgLogin');
  const contactUs = useSettingEnabled('CONTACT_US');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dropdown.TriggerContext>
      <Dropdown.Trigger variant="secondary">{name}</Dropdown.Trigger>
      {/* The popover opens in the top layer; it keeps the light scheme even inside the dark header. */}
      <Dropdown placement="bottom-end" data-color-scheme="light" open={open} onOpen={() => setOpen(true)} onClose={close}>
        <Dropdown.List>
          <Dropdown.Item>
            <Dropdown.Button asChild>
              <RouterLink to={paths.bookings.getHref()} onClick={close}>
                Mine bookinger
              </RouterLink>
            </Dropdown.Button>
          </Dropdown.Item>
          {orgLogin && (
            <Dropdown.Item>
              <Dropdown.Button
                onClick={() => {
                  close();
                  void navigate(paths.bookings.getHref({ showImpersonationDialog: true }));
                }}
              >
                Bytt representasjon
              </Dropdown.Button>
            </Dropdown.Item>
          )}
          {contactUs && (
            <Dropdown.Item>
              <Dropdown.Button asChild>
                <RouterLink to={paths.contactUs.getHref()} onClick={close}>
                  Kontakt oss
                </RouterLink>
              </Dropdown.Button>
            </Dropdown.Item>
          )}
          <Dropdown.Item>
            <Dropdown.Button asChild>
              <a href={contact.privacyUrl} onClick={close}>
                Personvern
              </a>
            </Dropdown.Button>
          </Dropdown.Item>
          <Dropdown.Item>
            <Dropdown.Button
              onClick={() => {
                close();
                void logout();
              }}
            >
              Logg ut
            </Dropdown.Button>
          </Dropdown.Item>
        </Dropdown.List>
      </Dropdown>
    </Dropdown.TriggerContext>
  );
}
