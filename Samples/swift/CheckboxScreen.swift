import UIKit
import Components

/// UIKit screen configuring the design system's CheckboxView.
final class CheckboxScreen: UIViewController {
    private let terms = CheckboxView()
    private let marketing = CheckboxView()
    private let dot = CheckboxView()

    override func viewDidLoad() {
        super.viewDidLoad()
        terms.configure(text: "Accept terms", shape: .square, isChecked: false, isEnabled: true,
                        colorScheme: .frisbee)
        marketing.configure(
            text: "Send me offers",
            shape: .square,
            isChecked: true,
            isEnabled: true,
            colorScheme: .sens
        )
        // A text-less circle needs its own accessible name.
        dot.configure(shape: .circle, isChecked: true, isEnabled: true, colorScheme: .sens)
        dot.accessibilityLabel = "Remember this device"
    }
}
