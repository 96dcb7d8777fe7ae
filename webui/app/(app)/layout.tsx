import { SettingsHost } from "@/components/settings/settings-host";
import { AppShell } from "@/components/shell/app-shell";

export default function SignedInLayout({ children }: { children: React.ReactNode }) {
  return <AppShell overlay={<SettingsHost />}>{children}</AppShell>;
}
