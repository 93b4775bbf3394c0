// Placeholder until the card counter and meld checker panels land (#23): the form keeps its
// buttons to the tools' pages.
export function attach() {}
