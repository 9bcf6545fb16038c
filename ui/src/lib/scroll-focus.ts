// A box that scrolls (a wide chart, a long table) can be reached and scrolled from the keyboard:
// it takes the focus, with a name, while its content overflows it, and gives it up once all of
// it fits (a box that does not scroll is no stop on the Tab path).

/** Svelte action: `use:focusWhenScrolling={name}`. */
export function focusWhenScrolling(node: HTMLElement, name: string) {
	let label = name;
	const update = () => {
		const scrolls = node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
		if (scrolls) {
			node.tabIndex = 0;
			node.setAttribute('role', 'group');
			node.setAttribute('aria-label', label);
		} else {
			node.removeAttribute('tabindex');
			node.removeAttribute('role');
			node.removeAttribute('aria-label');
		}
	};
	const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
	observer?.observe(node);
	if (node.firstElementChild) observer?.observe(node.firstElementChild);
	update();
	return {
		update(next: string) {
			label = next;
			update();
		},
		destroy() {
			observer?.disconnect();
		}
	};
}
