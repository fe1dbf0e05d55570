// Top comment with "quotes" and /* an opener
/* A block comment /* with a nested one */ and "quotes" */
/// A documented view.
/** And a doc block with `Image("x")` in it. */
import SwiftUI

struct Commented: View { // trailing
    var body: some View {
        /* before */ Image("a") /* between */ .padding() // after
        Text("x") // ends here
            // on its own line inside the chain
            .bold()
            /* a block between modifiers */
            .italic()
        Text("// in a string, not a comment")
        Text("/* also not */")
        Text("\(1 /* inside an interpolation */ + 2)")
        /*/ odd /*/ still */ ok */
        //: playground markup
        ///
        Image("b")//no space
    }
}
