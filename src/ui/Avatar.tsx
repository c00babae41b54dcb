/** 'Asha Rao Menon' → 'AM'; 'asha' → 'A'. */
export function initials(name: string | undefined | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

const sizes = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-20 w-20 text-2xl' };

/** A round avatar made from the person's initials (no image); decorative next to the name. */
export function Avatar({
  name,
  size = 'md',
}: {
  name: string | undefined | null;
  size?: keyof typeof sizes;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-700 font-semibold text-white ${sizes[size]}`}
    >
      {initials(name)}
    </span>
  );
}
