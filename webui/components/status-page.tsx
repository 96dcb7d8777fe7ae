import Link from "next/link";
import { Button } from "@/components/ui/button";

interface Props {
  code: string;
  title: string;
  description: string;
  back: string;
  testId: string;
}

/** The full-page answer for not-found and forbidden. */
export function StatusPage({ code, title, description, back, testId }: Props) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center" data-testid={testId}>
      <div className="text-6xl font-bold text-primary">{code}</div>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-muted">{description}</p>
      <Button asChild>
        <Link href="/home">{back}</Link>
      </Button>
    </div>
  );
}
